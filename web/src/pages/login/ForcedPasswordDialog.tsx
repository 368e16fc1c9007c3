import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenResponse } from '#src/api/types';
import { updatePassword } from '#src/api/user';
import { asToken, type PasswordPrompt } from '#src/app/account';
import { toast } from '#src/app/feedback';
import { parsePasswordMode } from '#src/app/validators';
import { ChangePasswordForm, type PasswordChange } from '#src/components/ChangePasswordForm';

interface Props {
  token: TokenResponse;
  prompt: PasswordPrompt;
  onChanged(): void;
  onCancel(): void;
}

/** Spec §4: the reset flag, a broken safety rule or an expired period force a change before sign-in. */
export function ForcedPasswordDialog({ token, prompt, onChanged, onCancel }: Props) {
  const { t } = useTranslation();
  const submit = async ({ oldPassword, newPassword, newPassword1 }: PasswordChange) => {
    await updatePassword(oldPassword, newPassword, newPassword1, asToken(token));
    toast.success(t('password.changed'));
    onChanged();
  };
  return (
    <Modal
      open
      title={t('password.forcedTitle')}
      footer={null}
      mask={{ closable: false }}
      onCancel={onCancel}
    >
      <Alert type="warning" showIcon title={prompt.message} style={{ marginBottom: 16 }} />
      <ChangePasswordForm safety={parsePasswordMode(token.config?.passwordMode)} onSubmit={submit} />
    </Modal>
  );
}
