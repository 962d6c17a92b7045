export default function ApplyPage() {
  return <h1 className="p-8 text-2xl">apply</h1>;
}
