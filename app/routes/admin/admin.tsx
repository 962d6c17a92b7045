export function meta() {
  return [{ title: "Admin | Ovella" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminPage() {
  return <h1 className="p-8 text-2xl">Admin</h1>;
}
