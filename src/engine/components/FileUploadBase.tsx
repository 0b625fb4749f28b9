// The upload widget behind ImageUpload and FileUpload: §5.3 checks before sending, the count warning,
// adding disabled at the limit (§4 Upload list), 文件上传成功 / 文件上传失败 + detail.
import { useEffect, useRef, useState } from 'react';
import { Button, Upload, type UploadFile } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { isUploadAddress } from '../../../common/uploads';
import { failureText, shownByClient } from '../../lib/http/errors';
import { uploadFile } from './upload-api';
import { acceptOf, checkFile, countMessage, joinUrls, splitUrls, UPLOAD_FAILURE, UPLOAD_SUCCESS, type UploadRules } from './upload-rules';
import { useMessage } from '../../lib/ui/message';

export type UploadValueProps = { value?: string | null; onChange?: (v: string) => void; disabled?: boolean; readOnly?: boolean };

// Only an address this server issued becomes a link or preview; other stored text is shown as a name.
const nameOf = (url: string) => (isUploadAddress(url) ? (url.split('/').pop() ?? url) : url);
const toFiles = (urls: string[]): UploadFile[] =>
  urls.map((url, i) => ({ uid: `done-${i}-${url}`, name: nameOf(url), status: 'done', ...(isUploadAddress(url) ? { url } : {}) }));

export function FileUploadBase({ value, onChange, disabled, readOnly, rules }: UploadValueProps & { rules: UploadRules }) {
  const message = useMessage();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const urls = splitUrls(value);
  // Several files of one selection finish one after another: each adds to the latest value.
  const latest = useRef(urls);
  useEffect(() => {
    latest.current = splitUrls(value);
  }, [value]);
  const fileList = [...toFiles(urls), ...pending];
  const atLimit = fileList.length >= rules.maxCount;
  const picture = rules.mode !== 'file';
  const uploadType = picture ? 'image' : 'file';

  const beforeUpload = (file: File, batch: File[]) => {
    const over = countMessage(rules.maxCount, batch.length, fileList.length);
    if (over) {
      if (file === batch[0]) void message.warning(over);
      return Upload.LIST_IGNORE;
    }
    const refused = checkFile(file, rules);
    if (refused) {
      void message.error(refused);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const send = async (file: File, uid: string) => {
    setPending((p) => [...p, { uid, name: file.name, status: 'uploading' }]);
    try {
      const url = await uploadFile(file, uploadType);
      setPending((p) => p.filter((f) => f.uid !== uid));
      latest.current = [...latest.current, url];
      onChange?.(joinUrls(latest.current));
      void message.success(UPLOAD_SUCCESS);
    } catch (e) {
      setPending((p) => p.filter((f) => f.uid !== uid));
      void message.error(shownByClient(e) ? UPLOAD_FAILURE : `${UPLOAD_FAILURE}：${failureText(e, '请稍后重试')}`);
    }
  };

  const locked = disabled || readOnly;
  return (
    <Upload
      accept={acceptOf(rules)}
      multiple={rules.maxCount > 1}
      listType={picture ? 'picture-card' : 'text'}
      fileList={fileList}
      disabled={locked}
      showUploadList={{ showRemoveIcon: !locked }}
      beforeUpload={beforeUpload}
      customRequest={({ file, onSuccess }) => {
        const f = file as File & { uid: string };
        void send(f, f.uid).then(() => onSuccess?.({}));
      }}
      onRemove={(f) => {
        // By the entry's uid: a stored text that is not an upload address has no url but can be removed.
        if (f.uid.startsWith('done-')) onChange?.(joinUrls(urls.filter((u, i) => `done-${i}-${u}` !== f.uid)));
        return true;
      }}
    >
      {locked || (picture && atLimit) ? null : picture ? (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传图片</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />} disabled={atLimit}>
          选择文件
        </Button>
      )}
    </Upload>
  );
}
