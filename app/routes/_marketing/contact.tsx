export default function ContactPage() {
  return <h1 className="p-8 text-2xl">contact</h1>;
}
