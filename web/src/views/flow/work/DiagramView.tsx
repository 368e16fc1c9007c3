import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './diagram.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef } from 'react';
import { withDiagram } from '../layout';

interface Canvas {
  addMarker(id: string, marker: string): void;
  zoom(level: string): void;
}

/**
 * The process diagram (bpmn-js NavigatedViewer, its own chunk): completed elements in green, the current ones
 * highlighted; a deployment without a diagram is laid out (../layout). The bpmn.io watermark stays, as the bpmn-js licence asks.
 */
export default function DiagramView({
  xml,
  completed = [],
  active = [],
}: {
  xml: string;
  completed?: string[];
  active?: string[];
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const viewer = new NavigatedViewer({ container: host.current });
    let cancelled = false;
    withDiagram(xml)
      .then((drawn) => (cancelled ? undefined : viewer.importXML(drawn)))
      .then(() => {
        if (cancelled) return;
        const canvas = viewer.get<Canvas>('canvas');
        canvas.zoom('fit-viewport');
        for (const id of completed) canvas.addMarker(id, 'flow-completed');
        for (const id of active) canvas.addMarker(id, 'flow-active');
      })
      .catch(() => {
        // an unreadable diagram leaves the box empty; the history still shows the trail
      });
    return () => {
      cancelled = true;
      viewer.destroy();
    };
  }, [xml, completed, active]);
  return <div ref={host} className="flow-diagram" data-testid="flow-diagram" />;
}
