import { DictScreen } from '../dict/DictScreen';

/** 业务字典 (/system/dictbiz): per tenant. */
export default function DictBizPage() {
  return <DictScreen kind="dict-biz" />;
}
