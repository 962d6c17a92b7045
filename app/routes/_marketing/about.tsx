export default function AboutPage() {
  return <h1 className="p-8 text-2xl">about</h1>;
}
