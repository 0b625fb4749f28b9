// The one data provider of generated pages (refine's interface): every generic call of docs/metadata.md
// over one entity's `api` names, through the app's HTTP client.
import type { PageInfo } from '../../../common/envelope';
import { IMPORT_TEMPLATE_ENDPOINT, type EntitySchema, type ImportMode, type ImportReport, type ListQuery } from '../../../common/metadata';
import { http, HttpError, request, unwrap, type DownloadProgress, type Params } from '../../lib/http/client';
import { fileNameOf, saveFile, type DownloadedFile } from './download';
import { apiPath, resolveApi } from './entity-api';
import { filterParams, listParams } from './list-params';
import { DETAIL_PERSONAL_FULL, DETAIL_PERSONAL_PARAM } from '../../../common/metadata/field-access';

export type Row = Record<string, unknown>;
export type Id = string | number;
export type ListResult = { rows: Row[]; total: number; pageInfo?: PageInfo };

export type DataProvider = {
  getList(q: ListQuery): Promise<ListResult>;
  /**
   * The row's detail: personal data masked as in the list, unless `personal: 'full'` asks for what the field
   * permissions allow (the edit form, 显示完整信息; docs/security-privilege.md "Personal data").
   */
  getOne(id: Id, opts?: { personal?: 'full' }): Promise<Row>;
  create(values: Row): Promise<Row | undefined>;
  update(id: Id, values: Row): Promise<Row | undefined>;
  deleteOne(id: Id): Promise<void>;
  /** Downloads the .xlsx of every matching row under the server's file name. */
  /** The export .xlsx of the filtered rows, saved; `title` names the file (the page's), `onProgress` sees the bytes come. */
  exportFile(q: Omit<ListQuery, 'index' | 'size'>, fallbackName: string, onProgress?: DownloadProgress, title?: string): Promise<DownloadedFile>;
  /** The import template made from the schema, saved. */
  importTemplate(title: string): Promise<DownloadedFile>;
  /** An import in one of its modes (docs/metadata.md "Import"): preview, all (all or nothing) or valid. */
  importFile(file: File, mode?: ImportMode): Promise<ImportReport>;
  /** Another call of the same entity (`/api/<base>/<name>`). */
  custom<T>(opts: { method: 'GET' | 'POST'; name: string; params?: Params; data?: Row }): Promise<T>;
};

export function createDataProvider(entity: Pick<EntitySchema, 'api' | 'softDelete'>, deps: { save?: (f: DownloadedFile) => void } = {}): DataProvider {
  const api = resolveApi(entity);
  const path = (name: string) => apiPath(api, name);
  const idParams = (id: Id): Params => ({ [api.idParam]: String(id) });
  return {
    async getList(q) {
      const env = await request<Row[]>({ method: 'GET', url: path(api.list), params: listParams(q) });
      const rows = await unwrap(Promise.resolve(env));
      return { rows: rows ?? [], total: env.pageInfo?.record_count ?? rows?.length ?? 0, pageInfo: env.pageInfo };
    },
    getOne: (id, opts) => unwrap(http.get<Row>(path(api.detail), { ...idParams(id), ...(opts?.personal ? { [DETAIL_PERSONAL_PARAM]: DETAIL_PERSONAL_FULL } : {}) })),
    create: (values) => unwrap(http.post<Row>(path(api.create), values)),
    update: (id, values) => unwrap(http.post<Row>(path(api.update), { ...values, [api.idParam]: String(id) })),
    async deleteOne(id) {
      const params = { ...idParams(id), ...(entity.softDelete ? { if_del: 1 } : {}) };
      if (api.deleteMethod === 'GET') await unwrap(http.get(path(api.delete), params));
      else await unwrap(http.post(path(api.delete), params));
    },
    async exportFile(q, fallbackName, onProgress, title) {
      const { blob, disposition } = await http.getBlob(path(api.export), { ...filterParams(q), ...(title ? { title } : {}) }, undefined, onProgress);
      const file = { blob, fileName: fileNameOf(disposition, fallbackName) };
      (deps.save ?? saveFile)(file);
      return file;
    },
    async importTemplate(title) {
      const { blob, disposition } = await http.getBlob(path(IMPORT_TEMPLATE_ENDPOINT), { title });
      const file = { blob, fileName: fileNameOf(disposition, `${title}_导入模板.xlsx`) };
      (deps.save ?? saveFile)(file);
      return file;
    },
    async importFile(file, mode = 'all') {
      const form = new FormData();
      form.set('mode', mode);
      form.set('file', file, file.name);
      const env = await request<ImportReport>({ method: 'POST', url: path(api.import), data: form, params: { mode }, timeoutMs: 120_000 });
      if (env.status !== 1) throw new HttpError(env.detail || '导入失败', 200, env);
      return env.data as ImportReport;
    },
    custom: <T>({ method, name, params, data }: { method: 'GET' | 'POST'; name: string; params?: Params; data?: Row }) =>
      unwrap(request<T>({ method, url: path(name), params, data })) as Promise<T>,
  };
}
