import ExamSearch from '../components/ExamSearch';

/** /web/signSearch: a sign-up's status by 证件号码 + 考试批次编号. */
export default function SignSearchPage() {
  return <ExamSearch kind="sign" />;
}
