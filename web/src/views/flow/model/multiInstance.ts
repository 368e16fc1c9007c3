/**
 * The multi-instance (会签) settings of a user task as the designer's properties form edits them, written the
 * Flowable way the engine translates (docs/decisions.md "Workflow"):
 *
 *   <bpmn:multiInstanceLoopCharacteristics isSequential="true" flowable:collection="${approvers}"
 *       flowable:elementVariable="approver">
 *     <bpmn:completionCondition>${nrOfCompletedInstances >= 2}</bpmn:completionCondition>
 *   </bpmn:multiInstanceLoopCharacteristics>
 */
export interface MultiInstance {
  /** '' = a plain task; parallel: every instance at once; sequential: one after the other. */
  mode: '' | 'parallel' | 'sequential';
  /** The variable holding the list, one instance per item (`${approvers}`). */
  collection: string;
  /** The name each instance sees its item under (`approver`; the assignee may be `${approver}`). */
  elementVariable: string;
  /** Without a collection: how many instances (`3`, `${signers}`). */
  cardinality: string;
  /** Ends the loop early when true (`${nrOfCompletedInstances >= 2}`, `${!pass}`). */
  completionCondition: string;
}

export const NO_MULTI_INSTANCE: MultiInstance = {
  mode: '',
  collection: '',
  elementVariable: '',
  cardinality: '',
  completionCondition: '',
};

/** What the modeler's business objects offer: a loop element and the moddle that makes new ones. */
export interface LoopElement {
  $type: string;
  isSequential?: boolean;
  loopCardinality?: { body?: string };
  completionCondition?: { body?: string };
  get(name: string): unknown;
}
export interface Moddle {
  create(type: string, attrs: Record<string, unknown>): unknown;
}

const MULTI = 'bpmn:MultiInstanceLoopCharacteristics';

/** A task's loop characteristics as settings (a standard loop or none: no multi-instance). */
export function readMultiInstance(loop: LoopElement | undefined): MultiInstance {
  if (loop?.$type !== MULTI) return NO_MULTI_INSTANCE;
  return {
    mode: loop.isSequential ? 'sequential' : 'parallel',
    collection: String(loop.get('flowable:collection') ?? ''),
    elementVariable: String(loop.get('flowable:elementVariable') ?? ''),
    cardinality: loop.loopCardinality?.body ?? '',
    completionCondition: loop.completionCondition?.body ?? '',
  };
}

/**
 * The loop characteristics for `settings`: a new element (the modeler replaces the old one), none for ''. Texts
 * are kept as typed (the form reads them back while the user types; the engine trims them).
 */
export function multiInstanceLoop(moddle: Moddle, settings: MultiInstance): unknown {
  if (!settings.mode) return undefined;
  const given = (text: string) => (text.trim() ? text : undefined);
  const expression = (body: string) => given(body) && moddle.create('bpmn:FormalExpression', { body });
  const attrs: Record<string, unknown> = {
    isSequential: settings.mode === 'sequential' || undefined,
    'flowable:collection': given(settings.collection),
    'flowable:elementVariable': given(settings.elementVariable),
    loopCardinality: expression(settings.cardinality),
    completionCondition: expression(settings.completionCondition),
  };
  return moddle.create(
    MULTI,
    Object.fromEntries(Object.entries(attrs).filter(([, value]) => value !== undefined)),
  );
}
