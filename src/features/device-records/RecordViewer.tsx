// 设备档案 — the equipment record viewer of §2.8. Read-only: choose a routine-inspection device (or arrive
// with ?rec_id= of a template, §7.3) and see its type's four templates — 巡检, 运行, 维修, 保养 — drawn in
// the layout its device type names (模板布局), each panel saying 暂未设置模板 when empty, and under them the
// device's filled records (FilledRecords).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Card, Descriptions, Empty, Select, Space, Spin, Typography } from 'antd';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import ToolOutlined from '@ant-design/icons/es/icons/ToolOutlined';
import { failureText } from '../../lib/http/errors';
import { useSession } from '../../lib/session/store';
import { useContentDetail } from './api/getContentDetail';
import { useContentDetailByType } from './api/getContentDetailByType';
import { useDeviceTypeLayout } from './api/getDeviceTypeLayout';
import { useInspectionDevice } from './api/getInspectionDevice';
import { useInspectionDevices } from './api/listInspectionDevices';
import { FilledRecords } from './components/FilledRecords';
import { NO_TEMPLATE, TemplatePanel } from './components/TemplatePanel';
import { LAYOUT_LABELS } from './layouts/layouts';
import { PANELS, parseQuestionGroups, type InspectionDevice, type PanelKey } from './model';
import './device-records.css';

const SEARCH_DEBOUNCE_MS = 300;

const PANEL_ICONS: Record<PanelKey, ReactNode> = {
  otherList: <SafetyCertificateOutlined />,
  machineryList: <DashboardOutlined />,
  repairList: <ToolOutlined />,
  maintainList: <SettingOutlined />,
};

const SUMMARY_STYLES = { label: { width: 110, whiteSpace: 'nowrap' as const } };

const deviceLabel = (d: InspectionDevice): string => `${d.deviceNo} ${d.deviceName}（${d.deviceType}）`;
const orDash = (v: string | null | undefined): string => (v ? v : '—');

export function RecordViewer() {
  const [params, setParams] = useSearchParams();
  const recId = params.get('rec_id');
  const deviceId = recId ? null : params.get('device_id');
  const userId = useSession((s) => s.userInfo?.UserID ?? '');

  const [searchText, setSearchText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchText]);

  const devices = useInspectionDevices(keyword);
  const device = useInspectionDevice(deviceId);
  const byType = useContentDetailByType(device.data?.deviceType ?? null);
  const byRec = useContentDetail(recId, userId);

  const template = recId ? byRec.data : byType.data;
  const templateState = recId ? byRec : byType;
  const deviceType = recId ? (template?.deviceType ?? null) : (device.data?.deviceType ?? null);
  const layout = useDeviceTypeLayout(deviceType);

  const options = useMemo(() => {
    const rows = devices.data ?? [];
    const chosen = device.data && !rows.some((d) => d.id === device.data?.id) ? [device.data] : [];
    return [...chosen, ...rows].map((d) => ({ value: d.id, label: deviceLabel(d) }));
  }, [devices.data, device.data]);

  const choose = (id: string | undefined) => {
    setParams(id ? { device_id: id } : {});
  };

  const loading = device.isLoading || templateState.isLoading || layout.isLoading;
  const error = device.error ?? templateState.error;
  const chosen = recId !== null || deviceId !== null;
  const layoutLabel = layout.data ? LAYOUT_LABELS[layout.data] : '通用问题列表';

  return (
    <Card className="record-viewer" variant="borderless" title="设备档案">
      <Space className="record-toolbar" wrap>
        <Typography.Text>选择设备</Typography.Text>
        <Select
          aria-label="选择设备"
          className="record-device-select"
          showSearch
          allowClear
          filterOption={false}
          placeholder="请输入设备编号、名称或类型搜索"
          value={deviceId ?? undefined}
          options={options}
          loading={devices.isLoading}
          onSearch={setSearchText}
          onChange={(v: string | undefined) => choose(v)}
          notFoundContent={devices.isLoading ? <Spin size="small" /> : '暂无设备'}
        />
      </Space>
      {devices.error && <Alert type="error" showIcon message={failureText(devices.error, '设备列表加载失败')} className="record-alert" />}

      {!chosen && (
        <Empty className="record-empty" description="请选择设备，查看其巡检、运行、维修、保养模板" />
      )}

      {chosen && error && <Alert type="error" showIcon message={failureText(error, '加载失败')} className="record-alert" />}

      {chosen && !error && (
        <Spin spinning={loading} tip="加载中请稍后">
          {device.data && (
            <Descriptions className="record-summary" size="small" bordered column={{ xs: 1, md: 2, xl: 4 }} title="设备信息" styles={SUMMARY_STYLES}
              items={[
                { key: 'no', label: '设备编号', children: device.data.deviceNo },
                { key: 'name', label: '设备名称', children: device.data.deviceName },
                { key: 'type', label: '设备类型', children: device.data.deviceType },
                { key: 'model', label: '规格型号', children: orDash(device.data.specModel) },
                { key: 'maker', label: '生产厂家', children: orDash(device.data.manufacturer) },
                { key: 'factory', label: '出厂编号', children: orDash(device.data.factoryNo) },
                { key: 'entry', label: '进场日期', children: orDash(device.data.entryDate) },
                { key: 'principal', label: '负责人', children: orDash(device.data.principal) },
              ]}
            />
          )}
          {template && (
            <Descriptions className="record-summary" size="small" bordered column={{ xs: 1, md: 2 }} title="模板信息" styles={SUMMARY_STYLES}
              items={[
                { key: 'name', label: '模板表名称', children: orDash(template.contentName) },
                { key: 'type', label: '设备类型', children: template.deviceType },
                { key: 'project', label: '项目名称', children: orDash(template.projectName) },
                { key: 'layout', label: '模板布局', children: layoutLabel },
                { key: 'desc', label: '模板描述', span: 2, children: orDash(template.description) },
              ]}
            />
          )}
          {!loading && !template && deviceType && (
            <Alert type="info" showIcon className="record-alert" message={`设备类型「${deviceType}」${NO_TEMPLATE}`} />
          )}
          {!loading && recId && !template && !byRec.error && (
            <Alert type="warning" showIcon className="record-alert" message="模板不存在或已删除" />
          )}
          <div className="record-panels">
            {PANELS.map((p) => (
              <TemplatePanel
                key={p.key}
                title={p.title}
                icon={PANEL_ICONS[p.key]}
                layout={layout.data ?? null}
                groups={template ? parseQuestionGroups(template[p.key]) : []}
              />
            ))}
          </div>
          {device.data && <FilledRecords deviceId={String(device.data.id)} deviceNo={device.data.deviceNo} />}
        </Spin>
      )}
    </Card>
  );
}
