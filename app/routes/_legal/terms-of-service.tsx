export default function TermsOfServicePage() {
  return <h1 className="p-8 text-2xl">terms-of-service</h1>;
}
