import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '#src/app/stores/tabs';

/** The 403/404/500 pages: the code, what it means, and a way home. */
export function ErrorPage({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="pd-error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(`error.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })}>
            {t('error.home')}
          </Button>
        }
      />
    </div>
  );
}
