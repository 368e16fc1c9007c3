import { Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '#src/app/registry';
import { PointList } from './PointList';

const Settings = {
  CollectGroups: lazyChunk(() => import('./CollectGroups').then((m) => ({ default: m.CollectGroups }))),
  PointSources: lazyChunk(() => import('./PointSources').then((m) => ({ default: m.PointSources }))),
};

const L = (key: string) => `device.datapoint.${key}`;

/** 数据点位 (/device/datapoint): the points of every device, their collect groups and their sources. */
export default function DatapointPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'points', label: t(L('tabPoints')), children: <PointList /> },
        {
          key: 'collects',
          label: t(L('tabCollects')),
          children: (
            <Suspense>
              <Settings.CollectGroups />
            </Suspense>
          ),
        },
        {
          key: 'sources',
          label: t(L('tabSources')),
          children: (
            <Suspense>
              <Settings.PointSources />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
