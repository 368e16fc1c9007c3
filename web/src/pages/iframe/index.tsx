import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '#src/app/stores/session';

/**
 * /myiframe/{routerPath}: an external or html menu page embedded in a tab (spec §2). Report menus
 * carry `${token}` in their URL (contract §5.1); it is replaced with the session token.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  const src = params.get('src');
  if (!src || !/^(https?:\/\/|\/)/i.test(src)) return <Result status="404" subTitle={t('error.404')} />;
  return (
    <iframe
      className="pd-iframe"
      title={params.get('name') ?? src}
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder the menus carry.
      src={src.replaceAll('${token}', token)}
      sandbox="allow-same-origin allow-scripts allow-forms allow-popups allow-downloads"
    />
  );
}
