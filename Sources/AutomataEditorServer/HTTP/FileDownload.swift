import Hummingbird

/// Answers that the browser saves as a file (the exports), named for it.
enum FileDownload {
    static func response(_ text: String, fileName: String, type: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(fileName)\""],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
