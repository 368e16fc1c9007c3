import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MapRead, mapApi } from '#src/api/visual';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import ImageUpload from '#src/components/ImageUpload';
import { MapEditor } from './MapEditor';

const option: CrudOption<MapRead> = {
  name: 'visual_map',
  permissions: { add: 'map_add', edit: 'map_edit', view: 'map_view', delete: 'map_delete' },
  columns: [
    { prop: 'mapName', label: 'visual.map.mapName', search: true, required: true, rules: [{ max: 128 }] },
    {
      prop: 'imageUrl',
      label: 'visual.map.imageUrl',
      hide: true,
      span: 24,
      formComponent: ({ value, onChange, disabled }) => (
        <ImageUpload value={value as string | undefined} onChange={onChange} disabled={disabled} />
      ),
    },
    { prop: 'dotCount', label: 'visual.map.dotCount', display: false, width: 100 },
    { prop: 'isApp', label: 'visual.map.isApp', type: 'switch', value: 0, width: 100 },
    { prop: 'sort', label: 'visual.map.sort', type: 'number', value: 0, width: 80 },
    { prop: 'remark', label: 'visual.map.remark', type: 'textarea', span: 24, rules: [{ max: 500 }] },
  ],
};

/** 地图配置 (/visual/map): map configs; a map's dots are placed, dragged and bound to tags in its editor. */
export default function MapConfigPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<MapRead | null>(null);
  if (open)
    return (
      <div>
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={() => setOpen(null)}>{t('visual.map.back')}</Button>
          <Button onClick={() => window.open(`/cockpit?mapId=${open.id}`, '_blank')}>
            {t('visual.map.openScreen')}
          </Button>
        </Space>
        <MapEditor map={open} />
      </div>
    );
  return (
    <CrudPage
      option={{
        ...option,
        rowActions: [
          { key: 'design', code: 'map_view', label: 'visual.map.design', onClick: (row) => setOpen(row) },
        ],
      }}
      api={mapApi}
    />
  );
}
