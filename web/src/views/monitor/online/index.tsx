import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSessions, kickSessions, type SessionRead, systemMonitorKeys } from '#src/api/monitor';
import { confirm, toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { useActingTenant } from '#src/components/TenantSelect';

const L = (key: string) => `monitor.ops.online.${key}`;
const SESSIONS = 'sessions';

/**
 * 在线用户 (/monitor/online): the live sessions (account, tenant, client, address, browser, login and refresh
 * times), every tenant's for the platform administrator or one tenant's; kick-out revokes a session at once
 * (its access token stops, its refresh is refused). Button code: online_kick.
 */
export default function OnlinePage() {
  const { t } = useTranslation();
  const can = useAccess();
  const queries = useQueryClient();
  const { acting, picker } = useActingTenant();
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const sessions = useQuery({
    queryKey: systemMonitorKeys.of(SESSIONS, paging.current, paging.size, acting),
    queryFn: () => fetchSessions(paging.current, paging.size, acting),
  });

  const kick = async (ids: string[]) => {
    if (!(await confirm(t(L('kickConfirm'), { count: ids.length }), { danger: true }))) return;
    const ended = await kickSessions(ids);
    toast.success(t(L('kicked'), { count: ended }));
    setSelected([]);
    await queries.invalidateQueries({ queryKey: systemMonitorKeys.of(SESSIONS) });
  };

  const canKick = can('online_kick');
  return (
    <Card>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        {picker}
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => sessions.refetch()}>
            {t('monitor.ops.refresh')}
          </Button>
          {canKick && (
            <Button danger disabled={!selected.length} onClick={() => kick(selected)}>
              {t(L('kickSelected'))}
            </Button>
          )}
        </Space>
      </Form>
      <Table<SessionRead>
        rowKey="id"
        size="middle"
        loading={sessions.isFetching}
        dataSource={sessions.data?.records ?? []}
        scroll={{ x: 1200 }}
        rowSelection={
          canKick
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
            : undefined
        }
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: sessions.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { dataIndex: 'account', title: t(L('account')), width: 140 },
          { dataIndex: 'tenantId', title: t(L('tenantId')), width: 100 },
          { dataIndex: 'clientId', title: t(L('clientId')), width: 100 },
          { dataIndex: 'ip', title: t(L('ip')), width: 140 },
          { dataIndex: 'userAgent', title: t(L('userAgent')), ellipsis: true },
          { dataIndex: 'loginTime', title: t(L('loginTime')), width: 170 },
          { dataIndex: 'lastRefreshTime', title: t(L('lastRefreshTime')), width: 170 },
          { dataIndex: 'expireTime', title: t(L('expireTime')), width: 170 },
          ...(canKick
            ? [
                {
                  key: 'actions',
                  title: '',
                  width: 90,
                  fixed: 'right' as const,
                  render: (_: unknown, row: SessionRead) => (
                    <Button type="link" danger onClick={() => kick([row.id])}>
                      {t(L('kick'))}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
