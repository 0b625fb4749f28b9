// 证书到期预警 (人员管理, 平台预警): special-operation certificates expired or running out within the answer's
// days, the soonest first; none is data (证书均在有效期内), not 暂无数据.
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { ExpiringCertificate } from '../../../../../common/screens/project-personnel';
import './personnel-panels.css';

/** Days left in words: 已过期N天 / 今天到期 / N天后到期. */
export const daysLeftText = (days: number): string => (days < 0 ? `已过期${-days}天` : days === 0 ? '今天到期' : `${days}天后到期`);

const COLUMNS: readonly ScrollColumn<ExpiringCertificate>[] = [
  { key: 'holder', title: '持证人', width: '4.4em', render: (c) => <span title={c.holderName}>{c.holderName}</span> },
  { key: 'kind', title: '作业类别', width: 'minmax(0, 1fr)', render: (c) => <span title={`${c.kindName} ${c.certificateNo}`}>{c.kindName}</span> },
  { key: 'expiry', title: '有效期至', width: '6.8em', align: 'center', render: (c) => <span className="ls-digits">{c.expiryDate}</span> },
  {
    key: 'left',
    title: '状态',
    width: '5.6em',
    align: 'right',
    render: (c) => <span className={c.daysLeft < 0 ? 'ps-expired' : 'ps-expiring'}>{daysLeftText(c.daysLeft)}</span>,
  },
];

export type CertificatesPanelProps = { certificates: ExpiringCertificate[] | undefined; days: number | undefined; frame: SourceFrame };

export function CertificatesPanel({ certificates, days, frame }: CertificatesPanelProps) {
  const expired = certificates?.filter((c) => c.daysLeft < 0).length ?? 0;
  return (
    <Panel title="证书到期预警" {...frame} extra={certificates && <span>已过期 {expired} / 共 {certificates.length} 本</span>}>
      {certificates && certificates.length === 0 ? (
        <p className="ps-none">{days ?? 30}天内无到期证书</p>
      ) : (
        <ScrollTable columns={COLUMNS} rows={certificates ?? []} rowKey={(c) => c.id} label="证书到期预警" visibleRows={5} />
      )}
    </Panel>
  );
}
