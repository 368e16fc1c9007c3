import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { Button, Empty, Form, Input, Modal, Select, Space } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlowModelDetail, saveModelXml } from '#src/api/flow';
import { toast } from '#src/app/feedback';
import { withDiagram } from '../layout';
import flowable from './flowable.json';
import {
  type LoopElement,
  type Moddle,
  type MultiInstance,
  multiInstanceLoop,
  NO_MULTI_INSTANCE,
  readMultiInstance,
} from './multiInstance';
import { translateModule } from './translations';

const L = (key: string) => `flow.${key}`;

interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  get(name: string): unknown;
  conditionExpression?: { body?: string };
  eventDefinitions?: { $type: string; timeDuration?: { body?: string } }[];
  loopCharacteristics?: LoopElement;
}
interface Shape {
  id: string;
  type: string;
  businessObject: BusinessObject;
}
interface Modeling {
  updateProperties(element: Shape, props: Record<string, unknown>): void;
  updateModdleProperties(element: Shape, target: unknown, props: Record<string, unknown>): void;
}
interface BpmnReplace {
  replaceElement(element: Shape, target: { type: string }): Shape;
}
interface Selection {
  select(element: Shape): void;
}
interface EventBus {
  on(event: string, callback: (event: { newSelection?: Shape[]; element?: Shape }) => void): void;
}

const timerOf = (bo: BusinessObject) =>
  bo.eventDefinitions?.find((definition) => definition.$type === 'bpmn:TimerEventDefinition');

const TASK_FIELDS = ['assignee', 'candidateUsers', 'candidateGroups'] as const;
const LOOP_FIELDS = ['collection', 'elementVariable', 'cardinality', 'completionCondition'] as const;

/**
 * The BPMN designer (bpmn-js Modeler, its own lazy chunk) with a small properties form: the name of any element,
 * the Flowable assignee / candidate users / candidate groups and multi-instance (会签: parallel or sequential,
 * collection, element variable, instances, completion condition) of a user task, the condition of a sequence
 * flow, the duration of a timer event (ISO 8601, e.g. PT1H).
 * The bpmn.io watermark stays, as the bpmn-js licence asks.
 */
export default function Designer({
  model,
  onClose,
}: {
  model: FlowModelDetail;
  onClose(saved: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  // The dialog mounts its body after the first effect: a callback ref creates the modeler once the box exists.
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<Shape | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [loop, setLoop] = useState<MultiInstance>(NO_MULTI_INSTANCE);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!host) return;
    const instance = new Modeler({
      container: host,
      moddleExtensions: { flowable },
      additionalModules: [translateModule(i18n.language)],
    });
    modeler.current = instance;
    withDiagram(model.modelEditorXml ?? '')
      .then((xml) => instance.importXML(xml))
      .catch((error: Error) => toast.error(error.message));
    // The form shows the selected element as the model has it, also after a change made on the canvas (the
    // replace menu's multi-instance markers) or by undo.
    let shown: Shape | null = null;
    const show = (element: Shape | null) => {
      shown = element;
      setSelected(element);
      if (!element) return;
      const bo = element.businessObject;
      const next: Record<string, string> = { name: bo.name ?? '' };
      for (const field of TASK_FIELDS) next[field] = String(bo.get(`flowable:${field}`) ?? '');
      next.condition = bo.conditionExpression?.body ?? '';
      next.timer = timerOf(bo)?.timeDuration?.body ?? '';
      setValues(next);
      setLoop(readMultiInstance(bo.loopCharacteristics));
    };
    const events = instance.get<EventBus>('eventBus');
    events.on('selection.changed', (event) =>
      show(event.newSelection?.length === 1 ? event.newSelection[0] : null),
    );
    events.on('element.changed', (event) => {
      if (event.element && event.element === shown) show(event.element);
    });
    return () => {
      instance.destroy();
      modeler.current = null;
    };
  }, [host, model.modelEditorXml, i18n.language]);

  const change = (field: string, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    const current = modeler.current;
    if (!current || !selected) return;
    const modeling = current.get<Modeling>('modeling');
    if (field === 'name') modeling.updateProperties(selected, { name: value });
    else if (field === 'timer') {
      const timer = timerOf(selected.businessObject);
      if (timer)
        modeling.updateModdleProperties(selected, timer, {
          timeDuration: value
            ? current.get<Moddle>('moddle').create('bpmn:FormalExpression', { body: value })
            : undefined,
        });
    } else if (field === 'condition')
      modeling.updateProperties(selected, {
        conditionExpression: value
          ? current.get<Moddle>('moddle').create('bpmn:FormalExpression', { body: value })
          : undefined,
      });
    else modeling.updateProperties(selected, { [`flowable:${field}`]: value || undefined });
  };

  const changeLoop = (field: keyof MultiInstance, value: string) => {
    const next = { ...loop, [field]: value };
    setLoop(next);
    const current = modeler.current;
    if (!current || !selected) return;
    current.get<Modeling>('modeling').updateProperties(selected, {
      loopCharacteristics: multiInstanceLoop(current.get<Moddle>('moddle'), next),
    });
  };

  // A plain task passes by itself: an approval step is a user task (the palette draws plain ones).
  const toUserTask = () => {
    const current = modeler.current;
    if (!current || !selected) return;
    const replaced = current
      .get<BpmnReplace>('bpmnReplace')
      .replaceElement(selected, { type: 'bpmn:UserTask' });
    current.get<Selection>('selection').select(replaced);
  };

  const save = async () => {
    if (!modeler.current) return;
    setBusy(true);
    try {
      const { xml } = await modeler.current.saveXML({ format: true });
      toast.success((await saveModelXml(model, xml ?? '')) || t(L('saved')));
      onClose(true);
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };

  const isTask = selected?.type === 'bpmn:UserTask';
  const isFlow = selected?.type === 'bpmn:SequenceFlow';
  const isTimer = Boolean(selected && timerOf(selected.businessObject));
  return (
    <Modal
      open
      width="95vw"
      title={t(L('designerTitle'), { name: model.name })}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={save} data-testid="designer-save">
            {t(L('save'))}
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 12, height: '70vh' }}>
        <div
          ref={setHost}
          style={{ flex: 1, border: '1px solid #d9d9d9', position: 'relative' }}
          data-testid="designer"
        />
        <div style={{ width: 300, overflow: 'auto' }}>
          <h4>{t(L('properties'))}</h4>
          {selected ? (
            <Form layout="vertical" size="small">
              <Form.Item label={t(L('elementId'))}>
                <Input value={selected.id} disabled />
              </Form.Item>
              <Form.Item label={t(L('elementName'))} htmlFor="designer-name">
                <Input
                  id="designer-name"
                  value={values.name}
                  onChange={(e) => change('name', e.target.value)}
                />
              </Form.Item>
              {selected.type === 'bpmn:Task' && (
                <Form.Item extra={t(L('plainTaskTip'))}>
                  <Button onClick={toUserTask} data-testid="designer-user-task">
                    {t(L('toUserTask'))}
                  </Button>
                </Form.Item>
              )}
              {isTask &&
                TASK_FIELDS.map((field) => (
                  <Form.Item
                    key={field}
                    label={t(L(field))}
                    htmlFor={`designer-${field}`}
                    extra={field === 'assignee' ? t(L('assigneeTip')) : undefined}
                  >
                    <Input
                      id={`designer-${field}`}
                      value={values[field]}
                      onChange={(e) => change(field, e.target.value)}
                    />
                  </Form.Item>
                ))}
              {isTask && (
                <Form.Item
                  label={t(L('multiInstance'))}
                  htmlFor="designer-multiInstance"
                  extra={t(L('multiInstanceTip'))}
                >
                  <Select
                    id="designer-multiInstance"
                    value={loop.mode}
                    onChange={(mode) => changeLoop('mode', mode)}
                    options={[
                      { value: '', label: t(L('multiNone')) },
                      { value: 'parallel', label: t(L('multiParallel')) },
                      { value: 'sequential', label: t(L('multiSequential')) },
                    ]}
                  />
                </Form.Item>
              )}
              {isTask &&
                loop.mode &&
                LOOP_FIELDS.map((field) => (
                  <Form.Item
                    key={field}
                    label={t(L(field))}
                    htmlFor={`designer-${field}`}
                    extra={t(L(`${field}Tip`))}
                  >
                    <Input
                      id={`designer-${field}`}
                      value={loop[field]}
                      onChange={(e) => changeLoop(field, e.target.value)}
                    />
                  </Form.Item>
                ))}
              {isTimer && (
                <Form.Item label={t(L('timer'))} htmlFor="designer-timer" extra={t(L('timerTip'))}>
                  <Input
                    id="designer-timer"
                    value={values.timer}
                    onChange={(e) => change('timer', e.target.value)}
                  />
                </Form.Item>
              )}
              {isFlow && (
                <Form.Item
                  label={t(L('condition'))}
                  htmlFor="designer-condition"
                  extra={t(L('conditionTip'))}
                >
                  <Input
                    id="designer-condition"
                    value={values.condition}
                    onChange={(e) => change('condition', e.target.value)}
                  />
                </Form.Item>
              )}
            </Form>
          ) : (
            <Empty description={t(L('noSelection'))} />
          )}
        </div>
      </div>
    </Modal>
  );
}
