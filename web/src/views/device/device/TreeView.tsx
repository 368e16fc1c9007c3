import { Col, Empty, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceTreeNode, departmentTreeQuery, frameworkTreeQuery } from '#src/api/deviceAdmin';
import { DeviceLedger } from './DeviceLedger';
import { DeviceTree } from './DeviceTree';

const L = (key: string) => `device.device.${key}`;

const VIEWS = {
  organisation: {
    query: departmentTreeQuery,
    pickable: ['dept'],
    filter: 'deptId',
    title: 'deptTree',
    search: 'searchDept',
    empty: 'pickDept',
  },
  framework: {
    query: frameworkTreeQuery,
    pickable: ['model'],
    filter: 'modelId',
    title: 'modelTree',
    search: 'searchModel',
    empty: 'pickModel',
  },
} as const;

/**
 * The organisation view (devices by department) and the framework view (devices by model): a tree on the
 * left, the ledger of the picked department or model on the right.
 */
export default function TreeView({ kind }: { kind: keyof typeof VIEWS }) {
  const { t } = useTranslation();
  const view = VIEWS[kind];
  const [node, setNode] = useState<DeviceTreeNode>();
  const query = useMemo(() => (node ? { [view.filter]: node.id } : undefined), [node, view.filter]);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={7} xl={6}>
        <DeviceTree
          title={t(L(view.title))}
          placeholder={t(L(view.search))}
          query={view.query}
          pickable={[...view.pickable]}
          value={node}
          onChange={setNode}
        />
      </Col>
      <Col xs={24} lg={17} xl={18}>
        {node ? (
          <DeviceLedger name={`device-${kind}`} query={query} />
        ) : (
          <Empty style={{ marginTop: 64 }} description={t(L(view.empty))} />
        )}
      </Col>
    </Row>
  );
}
