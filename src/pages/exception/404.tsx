import ExceptionResult from './ExceptionResult';

export default function Exception404() {
  return <ExceptionResult type="404" />;
}
