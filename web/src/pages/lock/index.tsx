import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { checkPassword } from '#src/api/auth';
import { federatedLogout } from '#src/app/account';
import { toast } from '#src/app/feedback';
import { useSession } from '#src/app/stores/session';
import './lock.css';

/** The lock screen: the account password (checked by the server) unlocks; logout leaves. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const { lockedFrom, unlock } = useSession();
  const [checking, setChecking] = useState(false);
  const [now, setNow] = useState(() => dayjs());

  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);

  // Opened while not locked (e.g. an old bookmark): nothing to unlock, back to the console. Checked on
  // entry only: after a successful unlock the page itself navigates back to where the user was.
  useEffect(() => {
    if (!useSession.getState().locked) navigate('/', { replace: true });
  }, [navigate]);

  const submit = async ({ password }: { password: string }) => {
    setChecking(true);
    const ok = await checkPassword(password)
      .catch(() => false)
      .finally(() => setChecking(false));
    if (!ok) {
      toast.error(t('lock.wrongPassword'));
      return;
    }
    const back = lockedFrom || '/';
    unlock();
    navigate(back, { replace: true });
  };

  return (
    <div className="pd-lock">
      <div className="pd-lock-clock">
        <div className="pd-lock-time">{now.format('HH:mm')}</div>
        <div className="pd-lock-date">{now.format('YYYY-MM-DD dddd')}</div>
      </div>
      <div className="pd-lock-card">
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <div className="pd-lock-name">{user?.realName || user?.account}</div>
        <Form onFinish={submit} className="pd-lock-form">
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password
              autoFocus
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('lock.unlockPlaceholder')}
              aria-label={t('lock.password')}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            icon={<UnlockOutlined />}
            loading={checking}
          >
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" onClick={federatedLogout}>
          {t('lock.logout')}
        </Button>
      </div>
    </div>
  );
}
