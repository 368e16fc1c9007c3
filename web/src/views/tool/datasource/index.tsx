import { ApiOutlined, TableOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type DataSource, DB_TYPES, datasourceApi, testConnection } from '#src/api/tool';
import { toast } from '#src/app/feedback';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { TableBrowser } from './TableBrowser';

/** /visual/datasource shows the same rows under the large-screen screen's codes. */
const LARGE_SCREEN = '/visual/datasource';

function options(code: string, browse: (row: DataSource) => void): CrudOption<DataSource> {
  const external = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    required: getFieldValue('dbType') !== 'platform',
  });
  return {
    name: 'datasource',
    urlState: true,
    permissions: { add: `${code}_add`, edit: `${code}_edit`, view: `${code}_view`, delete: `${code}_delete` },
    dialogWidth: 760,
    columns: [
      { prop: 'name', label: 'tool.datasource.name', search: true, required: true, rules: [{ max: 64 }] },
      {
        prop: 'dbType',
        label: 'tool.datasource.dbType',
        type: 'select',
        search: true,
        required: true,
        value: 'postgresql',
        dicData: DB_TYPES.map((value) => ({ label: `tool.datasource.${value}`, value })),
        width: 160,
      },
      { prop: 'host', label: 'tool.datasource.host', rules: [{ max: 255 }, external] },
      { prop: 'port', label: 'tool.datasource.port', type: 'number', width: 90 },
      { prop: 'database', label: 'tool.datasource.database', rules: [{ max: 128 }, external] },
      { prop: 'username', label: 'tool.datasource.username', rules: [{ max: 128 }] },
      {
        prop: 'password',
        label: 'tool.datasource.password',
        type: 'password',
        hide: true,
        viewDisplay: false,
        tip: 'tool.datasource.passwordTip',
        rules: [{ max: 200 }],
      },
      {
        prop: 'passwordSet',
        label: 'tool.datasource.passwordSet',
        type: 'switch',
        addDisplay: false,
        editDisplay: false,
        width: 100,
      },
      { prop: 'sort', label: 'tool.datasource.sort', type: 'number', value: 0, width: 80 },
      { prop: 'remark', label: 'tool.datasource.remark', type: 'textarea', span: 24, rules: [{ max: 500 }] },
    ],
    beforeSubmit: (values) => ({ ...values, password: values.password || undefined }),
    rowActions: [
      {
        key: 'test',
        code: `${code}_edit`,
        label: 'tool.datasource.test',
        icon: <ApiOutlined />,
        async onClick(row) {
          const { info } = await testConnection({ id: row.id, name: row.name, dbType: row.dbType as never });
          toast.success(
            `${row.name}: ${i18n.t('tool.datasource.tested', { version: info.version, tables: info.tables })}`,
          );
        },
      },
      {
        key: 'browse',
        code: `${code}_view`,
        label: 'tool.datasource.browse',
        icon: <TableOutlined />,
        onClick: browse,
      },
    ],
  };
}

/**
 * 数据源 (/tool/datasource) and 大屏数据源 (/visual/datasource): the acting tenant's data sources (the platform
 * database for the platform tenant only; external PostgreSQL, MySQL and MariaDB), a connection test and a
 * table browser. Passwords are written, never read back.
 */
export default function DatasourcePage() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const [browsing, setBrowsing] = useState<DataSource | null>(null);
  const code = pathname === LARGE_SCREEN ? 'largedb' : 'datasource';
  const option = useMemo(() => options(code, setBrowsing), [code]);
  return (
    <>
      <CrudPage option={option} api={datasourceApi} />
      <TableBrowser source={browsing} onClose={() => setBrowsing(null)} title={t('tool.datasource.browse')} />
    </>
  );
}
