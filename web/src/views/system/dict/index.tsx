import { DictScreen } from './DictScreen';

/** 系统字典 (/system/dict): global; written by the platform administrator. */
export default function DictPage() {
  return <DictScreen kind="dict" />;
}
