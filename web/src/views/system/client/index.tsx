import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Client, clientApiWith, SECRET_MASK } from '#src/api/clientAdmin';
import { toast } from '#src/app/feedback';
import { type CrudOption, CrudPage, type DicItem } from '#src/components/CrudPage';

/** OAuth2 grant types a client may use (BladeX: password, refresh_token, captcha, social, ...). */
export const GRANT_TYPES: DicItem[] = [
  'password',
  'refresh_token',
  'captcha',
  'social',
  'authorization_code',
  'client_credentials',
  'implicit',
].map((g) => ({ label: g, value: g }));

export const clientOption: CrudOption<Client> = {
  name: 'client',
  permissions: { add: 'client_add', edit: 'client_edit', view: 'client_view', delete: 'client_delete' },
  dialogWidth: 760,
  columns: [
    {
      prop: 'clientId',
      label: 'system.client.clientId',
      search: true,
      required: true,
      rules: [{ max: 48 }, { pattern: /^\S+$/, message: 'system.client.clientIdFormat' }],
      width: 140,
    },
    {
      prop: 'clientSecret',
      label: 'system.client.clientSecret',
      tip: 'system.client.secretTip',
      rules: [{ max: 256 }],
      render: () => SECRET_MASK,
      viewDisplay: false,
      width: 110,
    },
    {
      prop: 'scope',
      label: 'system.client.scope',
      required: true,
      value: 'all',
      rules: [{ max: 256 }],
      width: 90,
    },
    {
      prop: 'authorizedGrantTypes',
      label: 'system.client.grantTypes',
      type: 'multi-select',
      dicData: GRANT_TYPES,
      dataType: 'string',
      required: true,
      value: ['refresh_token', 'password', 'captcha', 'social'],
      span: 24,
      overHidden: true,
      width: 260,
    },
    {
      prop: 'accessTokenValidity',
      label: 'system.client.accessTokenValidity',
      type: 'number',
      required: true,
      value: 3600,
      rules: [{ type: 'number', min: 60, message: 'system.client.validityMin' }],
      width: 120,
    },
    {
      prop: 'refreshTokenValidity',
      label: 'system.client.refreshTokenValidity',
      type: 'number',
      required: true,
      value: 604800,
      rules: [{ type: 'number', min: 60, message: 'system.client.validityMin' }],
      width: 120,
    },
    {
      prop: 'webServerRedirectUri',
      label: 'system.client.redirectUri',
      span: 24,
      rules: [{ max: 256 }],
      overHidden: true,
      width: 200,
    },
    { prop: 'resourceIds', label: 'system.client.resourceIds', hide: true, rules: [{ max: 256 }] },
    { prop: 'authorities', label: 'system.client.authorities', hide: true, rules: [{ max: 256 }] },
    { prop: 'autoapprove', label: 'system.client.autoapprove', hide: true, rules: [{ max: 256 }] },
    {
      prop: 'additionalInformation',
      label: 'system.client.additionalInformation',
      type: 'textarea',
      span: 24,
      hide: true,
      rules: [{ max: 4096 }],
    },
  ],
};

/**
 * 应用管理 (/system/client): OAuth clients. The secret is never read back: after a create it is shown
 * once in a dialog with a copy button; afterwards lists and forms show ****** and saving that keeps it.
 */
export default function ClientPage() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Client | null>(null);
  const api = useMemo(() => clientApiWith(setCreated), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created?.clientSecret ?? '');
      toast.success(t('system.client.copied'));
    } catch {
      // no clipboard (insecure context): the secret stays selectable in the field
    }
  };
  return (
    <>
      <CrudPage option={clientOption} api={api} />
      <Modal
        open={Boolean(created)}
        title={t('system.client.createdTitle')}
        onCancel={() => setCreated(null)}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {t('system.client.close')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('system.client.createdHint')} style={{ marginBottom: 16 }} />
        <Space direction="vertical" style={{ width: '100%' }}>
          <div>
            {t('system.client.clientId')}: <strong>{created?.clientId}</strong>
          </div>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              aria-label={t('system.client.clientSecret')}
              value={created?.clientSecret}
              data-secret
            />
            <Button icon={<CopyOutlined />} onClick={copy}>
              {t('system.client.copy')}
            </Button>
          </Space.Compact>
        </Space>
      </Modal>
    </>
  );
}
