export default function PrivacyPolicyPage() {
  return <h1 className="p-8 text-2xl">privacy-policy</h1>;
}
