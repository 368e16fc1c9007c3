import { Button, Card, Col, Input, Row, Spin, Tag, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Logo, modifyLogo } from '#src/api/resourceAdmin';
import { fetchLogos } from '#src/api/system';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { useSession } from '#src/app/stores/session';
import { useAccess } from '#src/components/Access';
import { successMessage } from '#src/components/CrudPage';
import { useSaving } from '#src/components/useSaving';

const ImageUpload = lazyChunk(() => import('#src/components/ImageUpload'));

type Slot = Pick<Logo, 'type' | 'mode'>;

/** The four slots: header logo (BACKEND) and favicon (LABEL), each for light and dark themes. */
export const SLOTS: Slot[] = [
  { type: 'BACKEND', mode: 'LIGHT' },
  { type: 'BACKEND', mode: 'DARK' },
  { type: 'LABEL', mode: 'LIGHT' },
  { type: 'LABEL', mode: 'DARK' },
];

export const slotKey = (s: Slot) => `${s.type}_${s.mode}`;

function SlotCard({
  slot,
  logo,
  ownTenant,
  editable,
  onSaved,
}: {
  slot: Slot;
  logo?: Logo;
  ownTenant: string;
  editable: boolean;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(logo?.url ?? '');
  const [document, setDocument] = useState(logo?.document ?? '');
  const { saving, run } = useSaving();
  useEffect(() => {
    setUrl(logo?.url ?? '');
    setDocument(logo?.document ?? '');
  }, [logo]);
  const inherited = Boolean(logo?.tenantId && logo.tenantId !== ownTenant);
  const key = slotKey(slot);

  const save = async () => {
    if (!url) {
      toast.warning(t('system.logo.urlRequired'));
      return;
    }
    await run(async () => {
      const msg = await modifyLogo({ ...slot, url, document: document.trim() });
      toast.success(successMessage(t('crud.updateSuccess'), msg));
      await onSaved();
    });
  };

  return (
    <Card
      size="small"
      data-logo-slot={key}
      title={
        <span>
          {t(`system.logo.type_${slot.type}`)} · {t(`system.logo.mode_${slot.mode}`)}
        </span>
      }
      extra={
        inherited ? (
          <Tag>{t('system.logo.inherited')}</Tag>
        ) : !logo ? (
          <Tag>{t('system.logo.unset')}</Tag>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t(`system.logo.hint_${slot.type}`)} {t(`system.logo.hintMode_${slot.mode}`)}
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div title={t('system.logo.image')} data-logo-upload="">
          <Suspense fallback={<Spin />}>
            <ImageUpload value={url} onChange={setUrl} disabled={!editable} />
          </Suspense>
        </div>
        <div style={{ flex: '1 1 200px', minWidth: 180 }}>
          <label htmlFor={`logo-doc-${key}`} style={{ display: 'block', marginBottom: 4 }}>
            {t('system.logo.document')}
          </label>
          <Input
            id={`logo-doc-${key}`}
            value={document}
            maxLength={255}
            disabled={!editable}
            placeholder={t('crud.inputPlaceholder', { label: t('system.logo.document') })}
            onChange={(e) => setDocument(e.target.value)}
          />
          {editable && (
            <Button type="primary" style={{ marginTop: 12 }} loading={saving} onClick={save}>
              {t('system.logo.save')}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

/**
 * 标志管理 (/system/logo): the header logo (BACKEND) and the favicon (LABEL), each for light and dark
 * themes, with alt text; `logo/modify` saves one slot. A slot the tenant has not set shows the platform's
 * (inherited). After a save the shell's logo list is reloaded, so the header and favicon follow at once.
 */
export default function LogoPage() {
  const tenantId = useSession((s) => s.tenantId);
  const setAccount = useSession((s) => s.setAccount);
  const can = useAccess();
  const [logos, setLogos] = useState<Logo[] | null>(null);

  const load = async () => {
    const list = (await fetchLogos(tenantId)) as Logo[];
    setLogos(list);
    return list;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per tenant
  useEffect(() => {
    load().catch(() => setLogos([]));
  }, [tenantId]);

  const onSaved = async () => {
    const list = await load();
    setAccount({ logos: list });
  };

  if (!logos) return <Spin />;
  return (
    <Row gutter={[16, 16]} data-logo-page="">
      {SLOTS.map((slot) => (
        <Col key={slotKey(slot)} xs={24} lg={12}>
          <SlotCard
            slot={slot}
            logo={logos.find((l) => l.type === slot.type && l.mode === slot.mode)}
            ownTenant={tenantId}
            editable={can('logo_edit')}
            onSaved={onSaved}
          />
        </Col>
      ))}
    </Row>
  );
}
