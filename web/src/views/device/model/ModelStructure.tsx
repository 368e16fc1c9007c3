import { Drawer, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeviceModel,
  type ModelComponent,
  type ModelPoint,
  modelComponentApiFor,
  modelComponentTreeQuery,
  modelPointApiFor,
} from '#src/api/deviceAdmin';
import { type CrudColumn, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { pointColumns } from '../datapoint/pointColumns';

const L = (key: string) => `device.model.${key}`;
const MODEL_CRUD = { add: 'model_edit', edit: 'model_edit', view: 'model_view', delete: 'model_edit' };

/** The components (a tree) and template points of one model; editing them needs the model's edit code. */
/** `query` carries the model id so each model's lists are their own cache entries. */
export default function ModelStructure({ model, onClose }: { model: DeviceModel; onClose(): void }) {
  const { t } = useTranslation();
  const components = useMemo(() => modelComponentApiFor(model.id), [model.id]);
  const points = useMemo(() => modelPointApiFor(model.id), [model.id]);
  const componentOptions = useMemo(() => modelComponentTreeQuery(model.id), [model.id]);

  const componentOption = useMemo<CrudOption<ModelComponent>>(
    () => ({
      name: 'device-model-component',
      tree: true,
      permissions: MODEL_CRUD,
      selection: false,
      columns: [
        { prop: 'name', label: L('componentName'), required: true, rules: [{ max: 128 }] },
        { prop: 'code', label: L('componentCode'), required: true, rules: [{ max: 64 }] },
        {
          prop: 'parentId',
          label: L('componentParent'),
          type: 'tree-select',
          dicQuery: componentOptions,
          props: { label: 'name', value: 'id' },
          hide: true,
        },
        { prop: 'category', label: L('componentCategory'), rules: [{ max: 64 }] },
        { prop: 'sort', label: L('sort'), type: 'number', value: 0, width: 80 },
        { prop: 'remark', label: L('remark'), type: 'textarea', span: 24, hide: true },
      ],
    }),
    [componentOptions],
  );

  const pointOption = useMemo<CrudOption<ModelPoint>>(() => {
    const lead: CrudColumn<ModelPoint>[] = [
      {
        prop: 'componentId',
        label: 'device.datapoint.component',
        type: 'tree-select',
        dicQuery: componentOptions,
        props: { label: 'name', value: 'id' },
        hide: true,
      },
    ];
    return {
      name: 'device-model-point',
      permissions: MODEL_CRUD,
      dialogWidth: 760,
      columns: pointColumns(lead),
    };
  }, [componentOptions]);

  return (
    <Drawer
      open
      size="min(1100px, 94vw)"
      title={t(L('structureTitle'), { name: model.name })}
      onClose={onClose}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: 'points',
            label: t(L('points')),
            children: <CrudPage option={pointOption} api={points} query={{ linkId: model.id }} />,
          },
          {
            key: 'components',
            label: t(L('components')),
            children: <CrudPage option={componentOption} api={components} query={{ modelId: model.id }} />,
          },
        ]}
      />
    </Drawer>
  );
}
