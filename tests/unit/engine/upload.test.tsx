// §5.3 upload rules and messages, and the widget: refusal messages, the count warning, adding disabled at
// the limit, 文件上传成功 / 文件上传失败 + detail, token/fromplat/wid/upload_type/file_name as form fields.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { FileUploadBase } from '../../../src/engine/components/FileUploadBase';
import { checkFile, countMessage, uploadRules } from '../../../src/engine/components/upload-rules';
import { renderEngine } from './engine-fixtures';

const MB = 1024 * 1024;
const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);

describe('upload rules (§5.3)', () => {
  it('image mode: png/jpg/jpeg up to 1 MB', () => {
    const r = uploadRules('image');
    expect(checkFile({ name: 'a.PNG', size: MB }, r)).toBeUndefined();
    expect(checkFile({ name: 'a.gif', size: 10 }, r)).toBe('文件类型不合法，请上传png/jpg/jpeg格式文件');
    expect(checkFile({ name: 'a.jpg', size: MB + 1 }, r)).toBe('上传文件大小不能超过1MB');
    expect(uploadRules('image', { maxSizeMb: 2 }).sizeMessage).toBe('上传文件大小不能超过2MB');
  });

  it('multi-image mode: jpg, jpeg, png, bmp, gif, ico up to 10 MB', () => {
    const r = uploadRules('multiImage');
    expect(['a.bmp', 'a.gif', 'a.ico', 'a.jpeg'].map((n) => checkFile({ name: n, size: 10 * MB }, r))).toEqual([undefined, undefined, undefined, undefined]);
    expect(checkFile({ name: 'a.pdf', size: 1 }, r)).toBe('只能上传图片格式!');
    expect(checkFile({ name: 'a.png', size: 10 * MB + 1 }, r)).toBe('上传图片大小不能超过10MB!');
  });

  it('file mode: documents and images up to 10 MB', () => {
    const r = uploadRules('file');
    for (const n of ['a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pdf', 'a.txt', 'a.png']) expect(checkFile({ name: n, size: 1 }, r)).toBeUndefined();
    expect(checkFile({ name: 'a.exe', size: 1 }, r)).toBe('文件格式不正确!');
    expect(checkFile({ name: 'a.pdf', size: 11 * MB }, r)).toBe('上传文件大小不能超过10MB!');
  });

  it('count limit: default 3, warning with the limit, this selection and the total', () => {
    expect(uploadRules('file').maxCount).toBe(3);
    expect(countMessage(3, 2, 1)).toBeUndefined();
    expect(countMessage(3, 2, 2)).toBe('当前限制选择 3 个文件，本次选择了 2 个文件，共选择了 4 个文件');
  });
});

describe('upload widget', () => {
  beforeEach(() => Cookies.set('token', 'svc-1'));
  afterEach(() => {
    Cookies.remove('token');
    vi.unstubAllGlobals();
  });

  const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

  it('posts the file with upload_type, file_name and the merged token/fromplat/wid, then 文件上传成功', async () => {
    const forms: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (!String(url).startsWith('/prod-api/api/Upload/UploadImageRedis')) throw new Error(`unexpected ${url}`);
        forms.push(init.body as FormData);
        return new Response(JSON.stringify({ status: 1, detail: '', data: '/prod-api/api/Upload/File/7' }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const onChange = vi.fn();
    renderEngine(<FileUploadBase rules={uploadRules('file')} value="" onChange={onChange} />);
    fireEvent.change(input(), { target: { files: [file('检查表.pdf')] } });
    await screen.findByText('文件上传成功');
    expect(onChange).toHaveBeenCalledWith('/prod-api/api/Upload/File/7');
    const form = forms[0];
    expect(form.get('upload_type')).toBe('file');
    expect(form.get('file_name')).toBe('检查表.pdf');
    expect(form.get('token')).toBe('svc-1');
    expect(form.get('fromplat')).toBe('pc');
    expect(form.get('wid')).toBe('11');
    expect((form.get('file') as File).name).toBe('检查表.pdf');
  });

  it('a refused upload shows 文件上传失败 with the server detail', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 0, detail: '文件格式不正确!' }), { headers: { 'Content-Type': 'application/json' } })));
    renderEngine(<FileUploadBase rules={uploadRules('file')} value="" onChange={() => {}} />);
    fireEvent.change(input(), { target: { files: [file('a.pdf')] } });
    await screen.findByText('文件上传失败：文件格式不正确!');
  });

  it('refuses a wrong type before sending anything', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new Error('must not be called'); }));
    renderEngine(<FileUploadBase rules={uploadRules('image')} value="" onChange={() => {}} />);
    fireEvent.change(input(), { target: { files: [file('a.gif')] } });
    await screen.findByText('文件类型不合法，请上传png/jpg/jpeg格式文件');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('warns when a selection passes the limit, and disables adding at the limit', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new Error('must not be called'); }));
    const { unmount } = renderEngine(<FileUploadBase rules={uploadRules('file')} value="/f/1.pdf" onChange={() => {}} />);
    fireEvent.change(input(), { target: { files: [file('a.pdf'), file('b.pdf'), file('c.pdf')] } });
    await screen.findByText('当前限制选择 3 个文件，本次选择了 3 个文件，共选择了 4 个文件');
    expect(fetch).not.toHaveBeenCalled();
    unmount();
    renderEngine(<FileUploadBase rules={uploadRules('file')} value="/f/1.pdf,/f/2.pdf,/f/3.pdf" onChange={() => {}} />);
    await waitFor(() => expect((screen.getByRole('button', { name: /选择文件/ }) as HTMLButtonElement).disabled).toBe(true));
  });
});
