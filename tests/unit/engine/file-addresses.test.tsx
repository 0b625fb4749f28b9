// Stored image and file values (issue 9, docs/security.md "File addresses"): only an address this
// server issues for an upload (/prod-api/api/Upload/File/<id>) is rendered as a picture or a link, in
// list cells, detail values and the upload widget; any other text — an outside URL, a path, `javascript:`
// — is shown as plain text, never as an href or src.
import { describe, expect, it } from 'vitest';
import { isUploadAddress, uploadIdOf } from '../../../common/uploads';
import { FileUploadBase } from '../../../src/engine/components/FileUploadBase';
import { uploadRules } from '../../../src/engine/components/upload-rules';
import { renderCell } from '../../../src/engine/page/cell-display';
import { renderEngine } from './engine-fixtures';

const ISSUED = '/prod-api/api/Upload/File/42';
const HOSTILE = ['javascript:alert(1)', 'https://evil.example/x.png', '/etc/passwd', ' /prod-api/api/Upload/File/42', '/prod-api/api/Upload/File/42/../x', '/prod-api/api/Upload/File/042'];

describe('upload addresses', () => {
  it('recognises exactly the addresses the server issues', () => {
    expect(uploadIdOf(ISSUED)).toBe('42');
    for (const text of HOSTILE) expect(isUploadAddress(text), text).toBe(false);
  });

  it('renders a file cell as a link only for an issued address', () => {
    const { container } = renderEngine(<div>{renderCell('file', [ISSUED, ...HOSTILE].join(','), undefined, false)}</div>);
    // (The widget's splitter trims each part, so " <issued>" is that same issued address.)
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(new Set(hrefs)).toEqual(new Set([ISSUED]));
    expect(container.querySelectorAll('a')).toHaveLength(2);
    expect(container.textContent).toContain('javascript:alert(1)');
  });

  it('renders an image cell as a picture only for an issued address', () => {
    const { container } = renderEngine(<div>{renderCell('image', `${ISSUED},javascript:alert(1),https://evil.example/x.png`, undefined, false)}</div>);
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([ISSUED]);
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(container.textContent).toContain('https://evil.example/x.png');
  });

  it('gives the upload widget’s list a link only for an issued address', () => {
    const { container } = renderEngine(<FileUploadBase rules={uploadRules('file')} value={`${ISSUED},javascript:alert(1)`} onChange={() => {}} />);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href')).filter(Boolean);
    expect(hrefs).toEqual([ISSUED]);
    expect(container.textContent).toContain('javascript:alert(1)');
  });
});
