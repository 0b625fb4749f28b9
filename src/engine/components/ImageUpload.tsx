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
export function ImageList({ value, title = '图片' }: { value?: string | null; title?: string }) {
  const urls = splitUrls(value);
  if (!urls.length) return <span>-</span>;
  return (
    <Space wrap>
      {urls.map((u, i) =>
        isUploadAddress(u) ? <Image key={`${i}-${u}`} src={u} alt={urls.length > 1 ? `${title} 第${i + 1}张` : title} width={48} height={48} style={{ objectFit: 'cover' }} /> : <span key={`${i}-${u}`}>{u}</span>,
      )}
    </Space>
  );
}

/**
 * Stored images in a list cell: the first as a small square of the row's height, with 共N张 beside it when
 * there are more; a click opens them all at full size (antd's preview, arrows between them). The row stays
 * as low as a text row, so a list with photos shows as many rows as one without.
 */
export function ImageThumbs({ value, title }: { value?: string | null; title: string }) {
  const all = splitUrls(value);
  const urls = all.filter(isUploadAddress);
  const other = all.filter((u) => !isUploadAddress(u));
  if (!urls.length) return <span>{other.length ? other.join('、') : '-'}</span>;
  return (
    <span className="engine-thumbs">
      <Image.PreviewGroup items={urls.map((src, i) => ({ src, alt: `${title}${urls.length > 1 ? ` 第${i + 1}张` : ''}` }))}>
        <Image src={urls[0]} alt={title} width={THUMB_PX} height={THUMB_PX} style={{ objectFit: 'cover', borderRadius: 4 }} preview={{ mask: null }} />
      </Image.PreviewGroup>
      {urls.length > 1 && <span className="engine-thumbs-more">共{urls.length}张</span>}
    </span>
  );
}

/** A list thumbnail's side: a text line (22 px) and a little, which the cell's padding takes (engine.css .engine-thumbs). */
const THUMB_PX = 26;

export const ImageUpload = connect(ImageUploadInput, mapReadPretty(ImageList));
