import { Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '#src/app/registry';
import { DeviceLedger } from './DeviceLedger';

const TreeView = lazyChunk(() => import('./TreeView'));
const WarningView = lazyChunk(() => import('./WarningView'));

const L = (key: string) => `device.device.${key}`;

/**
 * 设备台账 (/device/device): the ledger with run states, import and export, parts and points; the
 * organisation (by department), framework (by model) and warning views as tabs (menus.md: status, parts,
 * organisation, framework and warning are tabs or sub-views of this screen).
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const lazyTab = (node: React.ReactNode) => <Suspense>{node}</Suspense>;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'ledger', label: t(L('tabLedger')), children: <DeviceLedger /> },
        {
          key: 'organisation',
          label: t(L('tabOrganisation')),
          children: lazyTab(<TreeView kind="organisation" />),
        },
        { key: 'framework', label: t(L('tabFramework')), children: lazyTab(<TreeView kind="framework" />) },
        { key: 'warning', label: t(L('tabWarning')), children: lazyTab(<WarningView />) },
      ]}
    />
  );
}
