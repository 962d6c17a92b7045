export default function MitPage() {
  return <h1 className="p-8 text-2xl">mit</h1>;
}
