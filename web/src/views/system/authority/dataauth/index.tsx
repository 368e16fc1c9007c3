import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Spin, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGrantTree } from '#src/api/org';
import { fetchRoleKeys, fetchRoleTree, grantRole } from '#src/api/scopeAdmin';
import { toast } from '#src/app/feedback';
import { useAccess } from '#src/components/Access';
import { MenuGrantTree } from '#src/components/MenuGrantTree';
import { TenantSelect } from '#src/components/TenantSelect';
import '../datascope/scope.css';
import { systemKeys } from '#src/api/system';
import { useSaving } from '#src/components/useSaving';

const A = 'authority.dataauth';

interface Picked {
  id: string;
  title: string;
}

/**
 * 数据授权 (/authority/dataauth): the role ↔ data-scope grants. Pick a role (the platform administrator
 * may pick another tenant first), see its data scopes ticked in the data-scope tree (menus with their
 * rules), change them and save: role/grant is sent with the role's menus and API scopes as they are,
 * so only the data scopes change.
 */
export default function DataAuthPage() {
  const { t } = useTranslation();
  const can = useAccess();
  const [tenantId, setTenantId] = useState<string>();
  const [role, setRole] = useState<Picked>();
  const [value, setValue] = useState<string[] | null>(null);
  const { saving, run } = useSaving();
  const roles = useQuery({
    queryKey: systemKeys.of('dataauth-roles', tenantId),
    queryFn: () => fetchRoleTree(tenantId),
  });
  const tree = useQuery({
    queryKey: systemKeys.of('menu-grant-tree'),
    queryFn: fetchGrantTree,
    staleTime: 60_000,
  });
  const keys = useQuery({
    queryKey: systemKeys.of('dataauth-keys', role?.id),
    queryFn: () => fetchRoleKeys([String(role?.id)]),
    enabled: Boolean(role),
    gcTime: 0,
  });
  useEffect(() => {
    setValue(keys.data ? keys.data.dataScope : null);
  }, [keys.data]);

  const scopes = tree.data?.dataScope ?? [];
  const save = async () => {
    if (!role || !keys.data || value === null) return;
    await run(async () => {
      await grantRole([role.id], { ...keys.data, dataScope: value });
      toast.success(t(`${A}.saved`));
      await keys.refetch();
    });
  };

  return (
    <div className="pd-scope-layout" data-testid="dataauth">
      <Card size="small" className="pd-scope-side" title={t(`${A}.roles`)}>
        <TenantSelect
          value={tenantId}
          onChange={(v) => {
            setTenantId(v);
            setRole(undefined);
          }}
          style={{ width: '100%', marginBottom: 8 }}
        />
        <Spin spinning={roles.isLoading}>
          {roles.data?.length ? (
            <Tree
              blockNode
              defaultExpandAll
              height={560}
              treeData={roles.data}
              fieldNames={{ title: 'title', key: 'key', children: 'children' }}
              selectedKeys={role ? [role.id] : []}
              onSelect={(selected, info) =>
                setRole(
                  selected.length
                    ? { id: String(selected[0]), title: String(info.node.title ?? '') }
                    : undefined,
                )
              }
            />
          ) : (
            !roles.isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Spin>
      </Card>
      <Card
        size="small"
        className="pd-scope-main"
        title={role ? `${t(`${A}.scopes`)}: ${role.title}` : t(`${A}.scopes`)}
        extra={
          role &&
          scopes.length > 0 &&
          can('dataauth_edit') && (
            <Space>
              <Button onClick={() => setValue(keys.data?.dataScope ?? [])} disabled={!keys.data}>
                {t(`${A}.reset`)}
              </Button>
              <Button type="primary" loading={saving} disabled={value === null} onClick={save}>
                {t(`${A}.save`)}
              </Button>
            </Space>
          )
        }
      >
        {!role ? (
          <Empty description={t(`${A}.pickRole`)} />
        ) : (
          <Spin spinning={tree.isLoading || keys.isFetching}>
            {scopes.length ? (
              <>
                <Typography.Paragraph type="secondary">
                  {t(`${A}.summary`, { count: keys.data?.dataScope.length ?? 0 })}
                </Typography.Paragraph>
                <MenuGrantTree
                  treeData={scopes}
                  value={value ?? []}
                  onChange={setValue}
                  disabled={!can('dataauth_edit')}
                  height={480}
                />
              </>
            ) : (
              !tree.isLoading && <Empty description={t(`${A}.noScopes`)} />
            )}
          </Spin>
        )}
      </Card>
    </div>
  );
}
