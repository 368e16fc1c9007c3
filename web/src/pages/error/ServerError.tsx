import { ErrorPage } from './ErrorPage';

export default function ServerError() {
  return <ErrorPage status={500} />;
}
