// The BIM模型 page's calls (docs/share-links.md): the projects in scope with their model, a model's file
// through the session, and the upload of a project's IFC file.
import useSWR from 'swr';
import { API_BASE } from '../../../common/constants';
import { BIM_PATHS, type BimModelInfo, type BimProjectRow } from '../../../common/share';
import { http, request, requestBlob, unwrap } from '../../lib/http/client';

const path = (full: string): string => full.slice(API_BASE.length);

export const useBimModels = () =>
  useSWR(BIM_PATHS.models, () => unwrap(http.get<BimProjectRow[]>(path(BIM_PATHS.models), {})), { revalidateOnFocus: false, shouldRetryOnError: false });

export const modelFile = async (projectId: string, signal: AbortSignal): Promise<ArrayBuffer> =>
  (await requestBlob({ method: 'GET', url: path(BIM_PATHS.file), params: { projectId }, signal })).blob.arrayBuffer();

export function uploadModel(projectId: string, file: File): Promise<BimModelInfo | null> {
  const form = new FormData();
  form.set('projectId', projectId);
  form.set('file_name', file.name);
  form.set('file', file, file.name);
  // A model may be large: up to 5 minutes for the upload.
  return unwrap(request<BimModelInfo | null>({ method: 'POST', url: path(BIM_PATHS.upload), data: form, timeoutMs: 300_000 }));
}
