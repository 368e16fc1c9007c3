// bpmn-auto-layout ships no types: its one function, as its README documents it.
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
