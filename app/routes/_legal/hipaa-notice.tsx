export default function HipaaNoticePage() {
  return <h1 className="p-8 text-2xl">hipaa-notice</h1>;
}
