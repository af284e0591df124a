/** QuestionList: the catalog page of kind 'question' (see PositionList/CatalogPage). */
import CatalogPage from '../PositionList/CatalogPage';

export default function QuestionList() {
  return <CatalogPage kind="question" />;
}
