import { describe, expect, it } from 'vitest';
import { withDiagram } from './layout';

// As Flowable's examples are written: no diagram, sequence flows without ids.
const BARE = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="t">
  <process id="p" isExecutable="true">
    <startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="t"/>
    <userTask id="t" name="Approve" flowable:candidateGroups="hr"/><sequenceFlow id="f2" sourceRef="t" targetRef="e"/>
    <endEvent id="e"/>
  </process>
</definitions>`;

describe('withDiagram', () => {
  it('lays out a file that carries no diagram', async () => {
    const drawn = await withDiagram(BARE);
    for (const id of ['s', 't', 'e']) expect(drawn).toMatch(new RegExp(`BPMNShape [^>]*bpmnElement="${id}"`));
    expect(drawn).toMatch(/BPMNEdge [^>]*bpmnElement="flow_1"/); // the id-less flow is drawn too
    expect(drawn).toMatch(/BPMNEdge [^>]*bpmnElement="f2"/);
    // laid out left to right, not stacked
    const x = (id: string) =>
      Number(new RegExp(`bpmnElement="${id}">\\s*<dc:Bounds x="(\\d+)`).exec(drawn)?.[1]);
    expect(x('s')).toBeLessThan(x('t'));
    expect(x('t')).toBeLessThan(x('e'));
    expect(drawn).toContain('flowable:candidateGroups="hr"');
  });

  it('keeps a drawn diagram as it is', async () => {
    const drawn = await withDiagram(BARE);
    expect(await withDiagram(drawn)).toBe(drawn);
  });
});
