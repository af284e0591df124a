import ExamSearch from '../components/ExamSearch';

/** /web/gradeSearch: a candidate's result by 证件号码 + 准考证号. */
export default function GradeSearchPage() {
  return <ExamSearch kind="grade" />;
}
