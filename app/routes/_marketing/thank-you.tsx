export default function ThankYouPage() {
  return <h1 className="p-8 text-2xl">thank-you</h1>;
}
