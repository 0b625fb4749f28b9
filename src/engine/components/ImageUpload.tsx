// Image field (§5.3): png/jpg/jpeg up to 1 MB by default; `multiple` switches to the multi-upload image
// mode (jpg, jpeg, png, bmp, gif, ico, up to 10 MB).
import { Image, Space } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { isUploadAddress } from '../../../common/uploads';
import { FileUploadBase, type UploadValueProps } from './FileUploadBase';
import { splitUrls, uploadRules } from './upload-rules';

type Props = UploadValueProps & { multiple?: boolean; maxCount?: number; maxSizeMb?: number; types?: string[] };

function ImageUploadInput({ multiple, maxCount, maxSizeMb, types, ...rest }: Props) {
  return <FileUploadBase {...rest} rules={uploadRules(multiple ? 'multiImage' : 'image', { maxCount, maxSizeMb, types })} />;
}

/** Stored images: an address this server issued is shown as the picture; any other text as plain text. */
export function ImageList({ value }: { value?: string | null }) {
  const urls = splitUrls(value);
  if (!urls.length) return <span>-</span>;
  return (
    <Space wrap>
      {urls.map((u, i) =>
        isUploadAddress(u) ? <Image key={`${i}-${u}`} src={u} width={48} height={48} style={{ objectFit: 'cover' }} /> : <span key={`${i}-${u}`}>{u}</span>,
      )}
    </Space>
  );
}

export const ImageUpload = connect(ImageUploadInput, mapReadPretty(ImageList));
