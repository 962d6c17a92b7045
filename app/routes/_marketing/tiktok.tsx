export default function TiktokPage() {
  return <h1 className="p-8 text-2xl">tiktok</h1>;
}
