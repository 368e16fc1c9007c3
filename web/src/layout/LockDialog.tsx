import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '#src/api/auth';
import { toast } from '#src/app/feedback';
import { useSession } from '#src/app/stores/session';

/**
 * The first lock asks for the lock password (spec §2). The lock screen unlocks with the account
 * password checked by the server, so that is what is asked for here, and it is verified once so the
 * user cannot lock themselves out (docs/decisions.md, Console).
 */
export default function LockDialog({ onClose, onLock }: { onClose(): void; onLock(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const [checking, setChecking] = useState(false);
  const setLockPasswordSet = useSession((s) => s.setLockPasswordSet);

  const submit = async ({ password }: { password: string }) => {
    setChecking(true);
    const ok = await checkPassword(password).finally(() => setChecking(false));
    if (!ok) {
      toast.error(t('lock.wrongPassword'));
      return;
    }
    setLockPasswordSet();
    onClose();
    onLock();
  };

  return (
    <Modal
      open
      title={t('lock.setTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={checking}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('lock.setHint')}</Typography.Paragraph>
      <Form form={form} name="lock" layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
