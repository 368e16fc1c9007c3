import { Card, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROTOCOL_TYPE_DICT, type ProtocolRead, protocolApi } from '#src/api/topology';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';

const L = (key: string) => `topology.${key}`;

/** 拓扑协议 (/topology/protocol): what a link of a topology speaks, paged by type and name. Codes protocol_*. */
export default function ProtocolPage() {
  const { t } = useTranslation();
  const option = useMemo<CrudOption<ProtocolRead>>(
    () => ({
      name: 'topology-protocol',
      permissions: {
        add: 'protocol_add',
        edit: 'protocol_edit',
        delete: 'protocol_delete',
        view: 'protocol_view',
      },
      urlState: true,
      invalidates: ['topology'],
      beforeOpen: (_mode, row) => row,
      columns: [
        { prop: 'name', label: L('protocolName'), required: true, search: true, rules: [{ max: 64 }] },
        {
          prop: 'type',
          label: L('protocolType'),
          type: 'select',
          dictCode: PROTOCOL_TYPE_DICT,
          required: true,
          search: true,
        },
        {
          prop: 'color',
          label: L('color'),
          rules: [{ pattern: /^#[0-9a-fA-F]{3,8}$/ }],
          render: (row) => (row.color ? <Tag color={row.color}>{row.color}</Tag> : '-'),
        },
        { prop: 'port', label: L('port'), type: 'number' },
        {
          prop: 'remark',
          label: L('remark'),
          type: 'textarea',
          span: 24,
          overHidden: true,
          rules: [{ max: 500 }],
        },
      ],
    }),
    [],
  );
  return (
    <Card title={t(L('protocols'))} data-testid="topology-protocol">
      <CrudPage option={option} api={protocolApi} />
    </Card>
  );
}
