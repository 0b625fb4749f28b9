// /DevelopmentConfig (§2.2): a system administrator's read-only view of the running configuration
// (docs/workbench.md). Everything comes from GET /api/DevelopmentConfig/GetRunningConfig, which refuses
// everyone else (403 仅系统管理员可查看运行配置) and carries no secret.
import useSWR from 'swr';
import { Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { WORKBENCH_API, type RunningConfig } from '../../../common/workbench';
import { failureText } from '../../lib/http/errors';
import { http, unwrap } from '../../lib/http/client';
import { useSession } from '../../lib/session/store';

const getRunningConfig = (): Promise<RunningConfig | undefined> => unwrap(http.get<RunningConfig>(WORKBENCH_API.runningConfig, {}));

function uptimeText(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d > 0 ? `${d}天` : ''}${h}小时${m}分钟`;
}

const onOff = (on: boolean, onText = '开启', offText = '关闭') => <Tag color={on ? 'green' : 'default'}>{on ? onText : offText}</Tag>;

function ConfigView({ c }: { c: RunningConfig }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title="运行状态">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="版本">{c.version}</Descriptions.Item>
            <Descriptions.Item label="Node.js">{c.node}</Descriptions.Item>
            <Descriptions.Item label="数据库">{c.database.kind}</Descriptions.Item>
            <Descriptions.Item label="已运行">{uptimeText(c.uptimeSeconds)}</Descriptions.Item>
            <Descriptions.Item label="演示数据">{onOff(c.demoData)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="已加载的元数据">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="实体">{c.schemas.entities}</Descriptions.Item>
            <Descriptions.Item label="流程">{c.schemas.workflows}</Descriptions.Item>
            <Descriptions.Item label="页面">{c.schemas.pages}</Descriptions.Item>
            <Descriptions.Item label="内容结构">{c.schemas.contentSchemas}</Descriptions.Item>
            <Descriptions.Item label="菜单节点">{c.schemas.menus.pages}</Descriptions.Item>
            <Descriptions.Item label="按钮权限">{c.schemas.menus.buttons}</Descriptions.Item>
            <Descriptions.Item label="字典">{c.schemas.dictionaries}</Descriptions.Item>
            <Descriptions.Item label="字典项">{c.schemas.dictionaryOptions}</Descriptions.Item>
            <Descriptions.Item label="检查提示" span={2}>{c.schemas.warnings}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="设备接入与推送">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="HJ 212 监听">
              {c.devices.hj212.enabled ? <>{onOff(true, '监听中')} 端口 {c.devices.hj212.port}</> : onOff(false, '', '未开启')}
            </Descriptions.Item>
            <Descriptions.Item label="HTTP 设备上报">
              {onOff(c.devices.http.enabled)} <Typography.Text code>{c.devices.http.path}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="离线判定">{c.devices.offlineAfterMinutes === null ? '不判定' : `静默 ${c.devices.offlineAfterMinutes} 分钟`}</Descriptions.Item>
            <Descriptions.Item label="演示模拟器">{onOff(c.devices.simulator)}</Descriptions.Item>
            <Descriptions.Item label="推送任务">{onOff(c.push.worker)}</Descriptions.Item>
            <Descriptions.Item label="推送目标白名单">
              {c.push.anyPublicTarget ? '未设置（允许任意公网地址，内网地址一律拒绝）' : c.push.allowedTargets.map((t) => <Tag key={t}>{t}</Tag>)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="限制">
          <Descriptions column={1} size="small" bordered>
            {c.limits.uploads.map((u) => (
              <Descriptions.Item key={u.mode} label={u.mode === 'image' ? '图片上传' : '文件上传'}>
                {u.maxMB} MB · {u.extensions.join(', ')}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="取令牌频率">每 {c.limits.serviceTokenRate.windowSeconds} 秒 {c.limits.serviceTokenRate.max} 次（每个地址）</Descriptions.Item>
            <Descriptions.Item label="登录失败限制">
              同账号同地址 {c.limits.login.pairFreeFailures} 次后延时；账号 {c.limits.login.accountFailures} 次；地址 {c.limits.login.addressFailures} 次
            </Descriptions.Item>
            <Descriptions.Item label="登录有效期">{c.limits.sessionHours} 小时</Descriptions.Item>
            <Descriptions.Item label="批量操作">每次最多 {c.limits.batchRows} 条</Descriptions.Item>
            <Descriptions.Item label="操作日志保留">{c.limits.auditRetentionDays} 天</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24}>
        <Card title="浏览器配置">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="天地图密钥">{c.clientConfig.tiandituKey}</Descriptions.Item>
            <Descriptions.Item label="视频媒体服务器">
              {c.clientConfig.videoMediaHosts.length === 0 ? '未设置' : c.clientConfig.videoMediaHosts.map((h) => <Tag key={h}>{h}</Tag>)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}

export function DevelopmentConfig() {
  const isAdmin = useSession((s) => !!s.userInfo?.IsSystemAdmin);
  const config = useSWR(isAdmin ? [WORKBENCH_API.runningConfig] : null, () => getRunningConfig(), { shouldRetryOnError: false });
  if (!isAdmin) return <Result status="403" title="无权访问" subTitle="仅系统管理员可查看运行配置" />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless">
        <Typography.Title level={4} style={{ margin: 0 }}>
          运行配置
        </Typography.Title>
        <Typography.Text type="secondary">只读；不显示任何密码、密钥或数据库地址</Typography.Text>
      </Card>
      {config.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : config.error || !config.data ? (
        <Typography.Text type="danger">{failureText(config.error, '运行配置加载失败')}</Typography.Text>
      ) : (
        <ConfigView c={config.data} />
      )}
    </Space>
  );
}
