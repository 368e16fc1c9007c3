import { ErrorPage } from './ErrorPage';

export default function NotFound() {
  return <ErrorPage status={404} />;
}
