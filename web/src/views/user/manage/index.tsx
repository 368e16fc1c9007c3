import { Col, Row } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '#src/api/download';
import {
  USER_EXPORT_URL,
  USER_IMPORT_URL,
  USER_TEMPLATE_URL,
  type User,
  userApiFor,
} from '#src/api/userAdmin';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useSession } from '#src/app/stores/session';
import { type CrudHandle, CrudPage, successMessage } from '#src/components/CrudPage';
import { DeptTree } from '#src/components/DeptTree';
import { useActingTenant } from '#src/components/TenantSelect';
import { type UserActions, userOption } from './option';

const ExcelImport = lazyChunk(() => import('#src/components/ExcelImport'));
const UserDialogs = lazyChunk(() => import('./UserDialogs'));

/**
 * 用户管理 (/system/user): the department tree filters the list; the platform administrator picks the
 * tenant whose users are listed and managed (`tenantId` on every call). Toolbar and row actions follow
 * the user's button codes (seed menus: user_role, user_reset, user_lock, user_unlock, user_platform,
 * user_import, user_export).
 */
export default function UserPage() {
  const { t } = useTranslation();
  const ownTenant = useSession((s) => s.tenantId);
  const [deptId, setDeptId] = useState<string>();
  const { platform, acting, picker } = useActingTenant(() => setDeptId(undefined));
  const [dialog, setDialog] = useState<{ kind: 'grant' | 'platform'; users: User[] } | null>(null);
  const [importing, setImporting] = useState(false);
  const handle = useRef<CrudHandle>(null);

  // Detail and remove carry the tenant too, so the platform administrator can manage another tenant's users.
  const api = useMemo(() => userApiFor(acting), [acting]);

  const option = useMemo(() => {
    const ask = async (key: string, run: () => Promise<string | undefined>, refresh: () => Promise<void>) => {
      if (!(await confirm(t(key), { title: t('common.tip') }))) return;
      try {
        toast.success(successMessage(t('common.success'), await run()));
        await refresh();
      } catch {
        // shown by the HTTP layer
      }
    };
    const actions: UserActions = {
      grant: (users) => setDialog({ kind: 'grant', users }),
      platform: (user) => setDialog({ kind: 'platform', users: [user] }),
      ask,
      importUsers: () => setImporting(true),
      exportUsers: async () => {
        if (!(await confirm(t('shared.exportConfirm'), { title: t('common.tip') }))) return;
        await download(USER_EXPORT_URL, {
          params: { tenantId: acting, deptId },
          filename: t('system.user.exportName'),
        });
      },
    };
    return userOption({ platform, acting, defaultTenant: acting ?? ownTenant, actions });
  }, [platform, acting, ownTenant, deptId, t]);

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={6} xl={5}>
        <DeptTree tenantId={acting} value={deptId} onChange={setDeptId} />
      </Col>
      <Col xs={24} lg={18} xl={19}>
        <CrudPage ref={handle} option={option} api={api} query={{ deptId }} searchExtra={picker} />
      </Col>
      <Suspense>
        {dialog && (
          <UserDialogs
            kind={dialog.kind}
            users={dialog.users}
            tenantId={acting}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              void handle.current?.refresh();
            }}
          />
        )}
        {importing && (
          <ExcelImport
            open
            onClose={() => setImporting(false)}
            action={USER_IMPORT_URL}
            templateUrl={USER_TEMPLATE_URL}
            templateName={t('system.user.templateName')}
            coveredParam="isCovered"
            params={acting ? { tenantId: acting } : undefined}
            onDone={() => void handle.current?.refresh()}
          />
        )}
      </Suspense>
    </Row>
  );
}
