export default function HowItWorksPage() {
  return <h1 className="p-8 text-2xl">how-it-works</h1>;
}
