import { ErrorPage } from './ErrorPage';

export default function Forbidden() {
  return <ErrorPage status={403} />;
}
