export default function AssessmentPage() {
  return <h1 className="p-8 text-2xl">assessment</h1>;
}
