const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

/**
 * A BPMN file without a diagram (no shapes: Flowable's and Activiti's hand-written files, a process made by a
 * program) laid out by bpmn-auto-layout, so the designer and the progress view show it instead of an empty
 * canvas. A file with its own diagram is shown as drawn. The layout library is loaded only when needed.
 */
export async function withDiagram(xml: string): Promise<string> {
  if (!xml.trim() || /<([\w-]+:)?BPMNShape[\s>]/.test(xml)) return xml;
  const { layoutProcess } = await import('bpmn-auto-layout');
  return layoutProcess(linked(xml));
}

/**
 * The layout walks each node's `incoming`/`outgoing` references, which such files usually leave out (they are
 * optional in BPMN): they are added from the sequence flows, and a flow without an id gets one (as the server
 * does on deploy), so that it can be drawn.
 */
function linked(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return xml;
  const byId = new Map<string, Element>();
  for (const element of Array.from(doc.getElementsByTagNameNS(BPMN, '*'))) {
    const id = element.getAttribute('id');
    if (id) byId.set(id, element);
  }
  const flows = Array.from(doc.getElementsByTagNameNS(BPMN, 'sequenceFlow'));
  flows.forEach((flow, index) => {
    if (!flow.getAttribute('id')) {
      let id = `flow_${index + 1}`;
      while (byId.has(id)) id += '_';
      flow.setAttribute('id', id);
      byId.set(id, flow);
    }
    const id = flow.getAttribute('id') as string;
    for (const [end, tag] of [
      ['sourceRef', 'outgoing'],
      ['targetRef', 'incoming'],
    ] as const) {
      const node = byId.get(flow.getAttribute(end) ?? '');
      if (!node) continue;
      const listed = Array.from(node.getElementsByTagNameNS(BPMN, tag)).some(
        (ref) => ref.textContent?.trim() === id,
      );
      if (listed) continue;
      const ref = doc.createElementNS(BPMN, node.prefix ? `${node.prefix}:${tag}` : tag);
      ref.textContent = id;
      node.appendChild(ref);
    }
  });
  return new XMLSerializer().serializeToString(doc);
}
