// File field (§5.3 file mode): documents and images up to 10 MB, count limit default 3.
import { Space } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { isUploadAddress } from '../../../common/uploads';
import { FileUploadBase, type UploadValueProps } from './FileUploadBase';
import { splitUrls, uploadRules } from './upload-rules';

type Props = UploadValueProps & { maxCount?: number; maxSizeMb?: number; types?: string[] };

function FileUploadInput({ maxCount, maxSizeMb, types, ...rest }: Props) {
  return <FileUploadBase {...rest} rules={uploadRules('file', { maxCount, maxSizeMb, types })} />;
}

/** Stored files: an address this server issued is a link; any other text (a path, `javascript:`…) plain text. */
export function FileLinks({ value }: { value?: string | null }) {
  const urls = splitUrls(value);
  if (!urls.length) return <span>-</span>;
  return (
    <Space direction="vertical" size={2}>
      {urls.map((u, i) =>
        isUploadAddress(u) ? (
          <a key={`${i}-${u}`} href={u} target="_blank" rel="noreferrer">
            {u.split('/').pop()}
          </a>
        ) : (
          <span key={`${i}-${u}`}>{u}</span>
        ),
      )}
    </Space>
  );
}

export const FileUpload = connect(FileUploadInput, mapReadPretty(FileLinks));
