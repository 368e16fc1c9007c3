// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flowable expressions are literally ${name}.
import Modeler from 'bpmn-js/lib/Modeler';
import { describe, expect, it } from 'vitest';
import flowable from './flowable.json';
import {
  type LoopElement,
  type Moddle,
  type MultiInstance,
  multiInstanceLoop,
  NO_MULTI_INSTANCE,
  readMultiInstance,
} from './multiInstance';

interface BpmnModdle extends Moddle {
  fromXML(xml: string): Promise<{ rootElement: unknown }>;
  toXML(element: unknown): Promise<{ xml: string }>;
}

// The designer's modeler with its Flowable extension: its moddle reads and writes what the designer saves.
const moddle = new Modeler({ moddleExtensions: { flowable } }).get<BpmnModdle>('moddle');

const model = (loop = '') =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="t">' +
  '<bpmn:process id="p"><bpmn:userTask id="sign" name="会签" flowable:assignee="${approver}">' +
  `${loop}</bpmn:userTask></bpmn:process></bpmn:definitions>`;

interface Task {
  loopCharacteristics?: LoopElement;
}

async function open(xml: string) {
  const { rootElement } = await moddle.fromXML(xml);
  const process = (rootElement as unknown as { rootElements: { flowElements: Task[] }[] }).rootElements[0];
  return { definitions: rootElement, task: process.flowElements[0] };
}

async function roundTrip(settings: MultiInstance) {
  const { definitions, task } = await open(model());
  task.loopCharacteristics = multiInstanceLoop(moddle, settings) as LoopElement | undefined;
  const { xml } = await moddle.toXML(definitions);
  return { xml, again: readMultiInstance((await open(xml)).task.loopCharacteristics) };
}

describe('multi-instance settings in the designer', () => {
  it('write a sequential loop over a collection the Flowable way and read it back', async () => {
    const settings: MultiInstance = {
      mode: 'sequential',
      collection: '${approvers}',
      elementVariable: 'approver',
      cardinality: '',
      completionCondition: '${nrOfCompletedInstances >= 2}',
    };
    const { xml, again } = await roundTrip(settings);
    expect(xml).toContain(
      '<bpmn:multiInstanceLoopCharacteristics isSequential="true" flowable:collection="${approvers}" ' +
        'flowable:elementVariable="approver">',
    );
    expect(xml).toContain(
      '<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances &gt;= 2}' +
        '</bpmn:completionCondition>',
    );
    expect(again).toEqual(settings);
  });

  it('write a parallel loop with a number of instances (no isSequential, no collection)', async () => {
    const settings: MultiInstance = { ...NO_MULTI_INSTANCE, mode: 'parallel', cardinality: '${signers}' };
    const { xml, again } = await roundTrip(settings);
    expect(xml).toContain(
      '<bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">' +
        '${signers}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>',
    );
    expect(again).toEqual(settings);
  });

  it('keep what the user types (spaces too) and leave out what is blank', async () => {
    const typing: MultiInstance = {
      ...NO_MULTI_INSTANCE,
      mode: 'parallel',
      completionCondition: '${a ',
      collection: ' ',
    };
    const { xml, again } = await roundTrip(typing);
    expect(again.completionCondition).toBe('${a ');
    expect(xml).not.toContain('flowable:collection');
  });

  it('take the loop away for a plain task, and read a standard loop as none', async () => {
    const { xml } = await roundTrip(NO_MULTI_INSTANCE);
    expect(xml).not.toContain('LoopCharacteristics');
    const standard = await open(model('<bpmn:standardLoopCharacteristics />'));
    expect(readMultiInstance(standard.task.loopCharacteristics)).toEqual(NO_MULTI_INSTANCE);
  });
});
